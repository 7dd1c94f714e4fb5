import { prepareTemplate } from './support/databases';

export default async function setup() {
  await prepareTemplate();
}
