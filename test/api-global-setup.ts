import { startApi } from './support/api';
import { prepareTemplate } from './support/databases';
import { writePublished } from './support/openapi-contract';

export default async function setup() {
  await prepareTemplate();
  // The OpenAPI description a test app serves, against which every API test checks the answers it gets.
  const api = await startApi();
  try {
    await writePublished(api.app);
  } finally {
    await api.close();
  }
}
