import { POSITION_MSG } from '@erp/contract';

/** A grade as the range rules see it: higher level = more senior. */
export interface GradeLevel {
  id: number;
  level: number;
}

/** A sequence's grade band; either end may be open. */
export interface GradeBand {
  min: GradeLevel | null;
  max: GradeLevel | null;
}

/**
 * Why a position's grade range is wrong, or null: the highest grade may not be below the lowest,
 * and the range must lie inside the band of the position's sequence.
 */
export function gradeRangeIssue(min: GradeLevel, max: GradeLevel, band: GradeBand | null): string | null {
  if (max.level < min.level) return POSITION_MSG.gradeOrder;
  if (band?.min && min.level < band.min.level) return POSITION_MSG.gradeOutOfBand;
  if (band?.max && max.level > band.max.level) return POSITION_MSG.gradeOutOfBand;
  return null;
}
