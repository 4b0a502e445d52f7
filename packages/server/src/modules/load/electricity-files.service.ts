import type {
  ElectricityCoordinateView,
  MonthlyTableCoordinateInput,
  UpdateCoordinateBody,
} from '@pvplan/contract';
import {
  columnLetter,
  type LoadCell,
  type MonthlyTableCoordinate,
  readMonthlyEnergyTable,
} from '@pvplan/engine';
import type { LoadFileRow } from '../../db/tables';
import { AppError } from '../../http/app-error';
import { nowIso } from '../../shared/time';
import type { Principal } from '../auth/principal';
import type { Db } from '../users/user.repository';
import { updateLoadFile } from './load.repository';
import type { LoadAccess } from './load-access';
import { asLoadAppError } from './load-errors';
import { parseJson, previewOf } from './load-views';
import { writeMonthlyEnergy } from './monthly-energy';
import { type LoadFileFormat, readTableRows } from './table-reader';

/** Electricity files: monthly energy tables found in uploaded workbooks, read and applied as the project's monthly energy. */
export class ElectricityFilesService {
  constructor(
    private readonly db: Db,
    private readonly access: LoadAccess,
  ) {}

  /** Read the months of an electricity file with a coordinate (row numbers as in the sheet). */
  private async readCoordinate(
    row: LoadFileRow,
    coord: MonthlyTableCoordinateInput,
  ): Promise<ElectricityCoordinateView> {
    const bytes = await this.access.bytesOf(row);
    const rows: LoadCell[][] = [];
    const rowNumbers: number[] = [];
    const result = await readTableRows(
      row.file_name,
      row.format as LoadFileFormat,
      bytes,
      (cells, _i, n) => {
        if (n > coord.lastRow) return;
        rows.push([...cells]);
        rowNumbers.push(n);
      },
      { sheetName: coord.sheetName ?? row.sheet_name, styles: true, maxRows: coord.lastRow + 1 },
    );
    const indexOf = (n: number) => {
      const i = rowNumbers.indexOf(n);
      return i >= 0 ? i : rowNumbers.findIndex((r) => r > n);
    };
    const engineCoord: MonthlyTableCoordinate = {
      headerRow: Math.max(0, indexOf(coord.headerRow)),
      firstRow: Math.max(0, indexOf(coord.firstRow)),
      lastRow: rowNumbers.filter((n) => n <= coord.lastRow).length - 1,
      monthColumn: coord.monthColumn,
      sharpColumn: coord.sharpColumn,
      peakColumn: coord.peakColumn,
      flatColumn: coord.flatColumn,
      valleyColumn: coord.valleyColumn,
      deepValleyColumn: coord.deepValleyColumn,
      totalColumn: coord.totalColumn,
      unit: coord.unit,
    };
    let months: ReturnType<typeof readMonthlyEnergyTable>;
    try {
      months = readMonthlyEnergyTable({ rows, rowNumbers }, engineCoord);
    } catch (error) {
      throw asLoadAppError(error, [row.file_name]);
    }
    const cols = [
      coord.monthColumn,
      coord.sharpColumn,
      coord.peakColumn,
      coord.flatColumn,
      coord.valleyColumn,
      coord.deepValleyColumn,
      coord.totalColumn,
    ].filter((c): c is number => c !== null);
    return {
      fileId: row.id,
      sheetNames:
        result.sheetNames.length > 0 ? result.sheetNames : parseJson<string[]>(row.sheet_names_json, []),
      coordinate: { ...coord, sheetName: coord.sheetName ?? row.sheet_name },
      range: `${columnLetter(Math.min(...cols))}${coord.firstRow}:${columnLetter(Math.max(...cols))}${coord.lastRow}`,
      months,
      preview: previewOf(rows),
    };
  }

  /** electricity/file/getCoordinate. */
  async coordinate(principal: Principal, fileId: number): Promise<ElectricityCoordinateView> {
    const row = await this.access.file(principal, fileId, 'electricity');
    const coord = parseJson<MonthlyTableCoordinateInput | null>(row.coordinate_json, null);
    if (!coord) throw new AppError('ERR_RESOURCE_NOT_FOUND');
    return this.readCoordinate(row, coord);
  }

  /** electricity/file/updateCoordinate: save the table place; `apply` stores the months as the project's monthly energy. */
  async updateCoordinate(
    principal: Principal,
    body: UpdateCoordinateBody,
  ): Promise<ElectricityCoordinateView> {
    const row = await this.access.file(principal, body.fileId, 'electricity');
    const view = await this.readCoordinate(row, body.coordinate);
    await updateLoadFile(this.db, row.id, {
      coordinate_json: JSON.stringify(body.coordinate),
      sheet_name: body.coordinate.sheetName ?? row.sheet_name,
      state: 'confirmed',
      row_count: view.months.length,
      updated_at: nowIso(),
    });
    if (body.apply && view.months.length > 0) {
      await this.access.project(principal, row.project_id, true);
      await writeMonthlyEnergy(
        this.db,
        row.project_id,
        view.months.map((m) => ({
          month: m.month,
          year: m.year,
          sharp: m.sharp,
          peak: m.peak,
          flat: m.flat,
          valley: m.valley,
          deepValley: m.deepValley,
          totalKwh: m.totalKwh,
        })),
        'excel',
      );
    }
    return view;
  }
}
