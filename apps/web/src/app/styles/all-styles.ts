// All of Mantine's component CSS, in its own lazily loaded chunk (see lib/all-styles.ts).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
// Ours, after Mantine's layers: forced colours, weekend contrast, field focus rings.
import './accessibility.css';
