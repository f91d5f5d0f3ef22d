import { staffLevelOf } from './contract-kit.ts';
import { fuzzSuite } from './fuzz-suite.ts';

// The customer's calls (the administrator's included), the other half: random and boundary values in every field.
fuzzSuite((call) => call.auth.access === 'user' && staffLevelOf(call) === undefined, [1, 2]);
