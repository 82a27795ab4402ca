/** Recall Alerts: the vehicles watched for new recall campaigns. */
export { RecallAlertsSection } from './RecallAlertsSection.tsx';
