import { loadConfig } from '../config';
import { prepareDatabase } from '../lifecycle';

/** `npm run seed`: migrate, then seed reference data and (unless SEED_DEMO=false) demo data. */
const config = loadConfig();
const database = await prepareDatabase(config, (message, details) => console.log(message, details));
await database.destroy();
