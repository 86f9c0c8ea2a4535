import type { ServerModule } from '../platform/module';
import { authModule } from './auth/auth.routes';
import { systemModule } from './system/system.routes';

/** Every module of the server, in registration order. One line per module. */
export const modules: ServerModule[] = [systemModule, authModule];
