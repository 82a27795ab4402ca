import { benchDecode } from './decode.ts';
import { benchInstances } from './instances.ts';
import { benchLanding } from './landing.ts';

await benchDecode();
await benchInstances();
await benchLanding();
