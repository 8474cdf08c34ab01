import '@mantine/core/styles.css';
import '../app/app.css';
import { startStaff } from './staff-main.tsx';

void startStaff();
