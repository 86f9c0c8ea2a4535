/** The keyword box of the lifecycle lists: every one matches the employee's name or number. */
export const PERSON_KEYWORD = { label: '姓名 / 工号', labelEn: 'Name / employee no.' };
