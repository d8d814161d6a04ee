/** The User Timing measure each graph frame records (read by the frame-time run in e2e/). */
export const FRAME_MEASURE = 'vigil:graph-frame';
