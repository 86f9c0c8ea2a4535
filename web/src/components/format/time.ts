import dayjs from 'dayjs';

/** A moment as lists, popups and details show it: local time to the minute (2026-12-07 09:30); — when none. */
export const minuteText = (v: string | null | undefined): string => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');
