/** VIN Records: look a vehicle up, order its report, and the customer's orders. */
export { VinRecordsSection } from './VinRecordsSection.tsx';
