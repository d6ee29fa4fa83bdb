/** Bad input on every settings write, property-based: see server/test/validation-suite.ts. */
import { validationSuite } from './test/validation-suite';

validationSuite('settings');
