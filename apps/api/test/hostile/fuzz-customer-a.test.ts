import { staffLevelOf } from './contract-kit.ts';
import { fuzzSuite } from './fuzz-suite.ts';

// The customer's calls (the administrator's included), half of them: random and boundary values in every field.
fuzzSuite((call) => call.auth.access === 'user' && staffLevelOf(call) === undefined, [0, 2]);
