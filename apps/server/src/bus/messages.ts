import type { Anomaly, ComponentMeta } from '@vigil/contract';

/** One detected anomaly with what the next agents need beyond the stored document. */
export interface DetectedAnomaly {
  anomaly: Anomaly;
  componentMeta: ComponentMeta;
  templateId: string;
  template: string;
  recordId: string;
}

/** `anomalies.detected`: everything one ingest batch produced, in event order. */
export interface AnomaliesDetected {
  items: DetectedAnomaly[];
}

/** `anomalies.feedback`: an operator's verdict on an anomaly. */
export interface AnomalyFeedbackMessage {
  anomalyId: string;
  component: string;
  templateId: string | null;
  verdict: 'false_positive' | 'confirmed';
  by: string;
}
