import { benchDecode } from './decode.ts';
import { benchDecodeBare } from './decode-bare.ts';
import { benchInstances } from './instances.ts';
import { benchLanding } from './landing.ts';
import { benchReportOrders } from './report-orders.ts';
import { benchReportRender } from './report-render.ts';
import { benchReportsUnderLoad } from './reports-under-load.ts';
import { benchStartup } from './startup.ts';
import { benchSessionLookup } from './session-lookup.ts';
import { benchVpicApi } from './vpic-api.ts';

// First, while nothing else of the bench has warmed or loaded the machine.
await benchStartup();
await benchDecode();
await benchDecodeBare();
await benchSessionLookup();
await benchVpicApi();
await benchInstances();
await benchLanding();
await benchReportRender();
await benchReportOrders();
await benchReportsUnderLoad();
