import { diagnoseShopping } from '../../dev/shopping-answers';
import type { DemoCheck } from './demo-check';

/** A shopping diagnosis (a product keyword) on Google AI Mode and ChatGPT's app: the report's product cards table. */
export const shoppingDiagnosis: DemoCheck = {
  report: 'shopping report',
  run: ({ apiUrl, platforms }) => diagnoseShopping(apiUrl, platforms),
};
