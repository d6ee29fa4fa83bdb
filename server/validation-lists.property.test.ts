/** Bad input on every lists write, property-based: see server/test/validation-suite.ts. */
import { validationSuite } from './test/validation-suite';

validationSuite('lists');
