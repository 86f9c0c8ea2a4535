import type { ReportChart, ReportCode } from '@erp/contract';
import type { SQL } from 'drizzle-orm';
import type { Principal } from '../../platform/auth/principal';
import type { Db } from '../../platform/db';

/** One month of the period: its first day and its last day (today while the month runs). */
export interface PeriodMonth {
  key: string;
  start: string;
  end: string;
}

/** The checked filters every report runs with. */
export interface ReportContext {
  user: Principal;
  /** The business zone: instants are read as its calendar dates. */
  tz: string;
  /** Today in the business zone (YYYY-MM-DD). */
  today: string;
  months: PeriodMonth[];
  /** First day of the period and its last day (today when the period ends with this month). */
  start: string;
  end: string;
  /** The chosen unit (its subtree), or null for the whole data scope. */
  orgId: number | null;
  /** The unit whose children the organisation dimension shows (the chosen one, else the scope's top). */
  anchor: { id: number; depth: number };
  category: string | null;
  groupBy: string;
}

/** How a dimension's keys are named for people. */
export type LabelKind = 'month' | 'org' | 'client' | 'user' | 'demand' | 'supplier' | `dict:${string}`;

export interface GroupDef {
  key: string;
  title: string;
  label: LabelKind;
}

export interface MeasureDef {
  key: string;
  title: string;
  kind: 'int' | 'number' | 'percent';
  drill: boolean;
}

export interface ComputedRow {
  key: string;
  values: Record<string, number | null>;
}

export interface DrillColumn {
  key: string;
  title: string;
}

/** The records behind a figure: their columns and a page reader. */
export interface DrillPlan {
  title: string;
  columns: DrillColumn[];
  read(db: Db, limit: number, offset: number): Promise<{ total: number; records: Array<Record<string, string | number | null>> }>;
}

/**
 * A report of the centre: what it offers (dimensions, columns, charts, the category dictionary) and
 * how it computes its rows and the records behind a figure. The service does the rest (permission,
 * filters, labels, totals' placement, export) once for all of them.
 */
export interface ReportDef {
  code: ReportCode;
  title: string;
  description: string;
  area: 'hr' | 'recruit';
  categoryDict: string | null;
  groups: GroupDef[];
  measures: MeasureDef[];
  charts(groupBy: string): ReportChart[];
  run(db: Db, ctx: ReportContext): Promise<{ rows: ComputedRow[]; total: Record<string, number | null> }>;
  /** rowKey null: the total row. Undefined when the column has no records behind it. */
  drill(ctx: ReportContext, rowKey: string | null, measure: string): DrillPlan | undefined;
}

/** A column of a fact table to group or filter on, as SQL. */
export type Expr = SQL;
