export { ESTIMATE_TOOLS } from '@pvplan/contract';
