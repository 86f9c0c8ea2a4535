import type { ServerModule } from '../platform/module';
import { assetsModule } from './assets/assets.routes';
import { authModule } from './auth/auth.routes';
import { baseModule } from './base/base.routes';
import { bpmAnalyticsModule } from './bpm/analytics.routes';
import { bpmModule } from './bpm/bpm.routes';
import { fileModule } from './file/file.routes';
import { financeModule } from './finance/finance.routes';
import { frontModule } from './front/front.routes';
import { greetingModule } from './greeting/greeting.routes';
import { helpModule } from './help/help.routes';
import { hrModule } from './hr/hr.routes';
import { msgModule } from './msg/msg.routes';
import { positionModule } from './position/position.routes';
import { recruitModule } from './recruit/recruit.routes';
import { reportModule } from './report/report.routes';
import { salaryModule } from './salary/salary.routes';
import { signatureModule } from './signature/signature.routes';
import { systemModule } from './system/system.routes';

/** Every module of the server, in registration order. One line per module. */
export const modules: ServerModule[] = [
  systemModule,
  authModule,
  baseModule,
  fileModule,
  msgModule,
  greetingModule,
  bpmModule,
  hrModule,
  signatureModule,
  positionModule,
  financeModule,
  recruitModule,
  assetsModule,
  frontModule,
  reportModule,
  helpModule,
  bpmAnalyticsModule,
  salaryModule,
];
