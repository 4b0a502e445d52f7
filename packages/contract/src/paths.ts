/** Prefix of the estimate-tools service (spec 001 §7: paths are relative to it unless stated). */
export const ESTIMATE_TOOLS = '/estimate-tools/estimate-tools';

/** The fixed project id the menu is fetched with (spec 000 §9). */
export const MENU_PROJECT_ID = 120015;

/** Prefix of the device-management calls (spec 001 §7: POST /api/admin/deviceManagement/getDeviceList). */
export const DEVICE_MANAGEMENT = '/api/admin/deviceManagement';

/** Prefix of the admin service's iSolarBP calls (spec 001 §7: POST /api/admin/isolarbp/checkAddCollaborator). */
export const ISOLARBP_ADMIN = '/api/admin/isolarbp';
