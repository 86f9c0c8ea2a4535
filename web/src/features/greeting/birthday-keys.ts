/** Query key of today's birthdays (shared by the workbench entry and the blessing list). */
export const todayBirthdaysKey = ['greeting', 'today'] as const;
