import { staffLevelOf } from './contract-kit.ts';
import { fuzzSuite } from './fuzz-suite.ts';

// Public, staff and provider-integration calls: random and boundary values in every field.
fuzzSuite((call) => call.auth.access !== 'user' || staffLevelOf(call) !== undefined);
