import { mailEndpoints, playerEndpoints, staffEndpoints } from '@rookery/contracts';
import { describe, expect, it } from 'vitest';
import { listPaging, listQuery, objectShape, readList } from './list-shape';

describe('list shapes', () => {
  it('reads list/pagination, datas/count, users/count and plain arrays', () => {
    expect(readList({ list: [1, 2], pagination: { page: 1, pageSize: 10, total: 12 } })).toEqual({
      rows: [1, 2],
      total: 12,
    });
    expect(readList({ datas: [1], count: 5, pageNum: 1, pageSize: 10 })).toEqual({ rows: [1], total: 5 });
    expect(readList({ users: [1, 2, 3], count: 30, pageNum: 1, pageSize: 3 })).toEqual({ rows: [1, 2, 3], total: 30 });
    expect(readList([1, 2, 3])).toEqual({ rows: [1, 2, 3], total: 3 });
    expect(readList({ list: [1], pagination: { total: 1 }, roles: ['a'] }).rows).toEqual([1]);
  });

  it('learns paging, sorting and the default page size from the endpoint', () => {
    expect(listPaging(staffEndpoints.listRoles)).toEqual({
      pageParam: 'pageNum',
      sortable: false,
      defaultPageSize: 10,
    });
    expect(listPaging(mailEndpoints.listMails)).toEqual({ pageParam: 'page', sortable: false, defaultPageSize: 20 });
    expect(listPaging(playerEndpoints.listPlayers)).toMatchObject({ pageParam: 'page', sortable: true });
    expect(listPaging(playerEndpoints.searchPlayers)).toEqual({
      pageParam: undefined,
      sortable: false,
      defaultPageSize: undefined,
    });
    // Through `.and()` (the system log's required time range).
    expect(Object.keys(objectShape(staffEndpoints.listSystemLog.query))).toEqual(
      expect.arrayContaining(['page', 'pageSize', 'actor', 'start', 'end']),
    );
  });

  it('builds the query as the endpoint names it', () => {
    const state = { filters: { roleName: 'ops' }, page: 2, pageSize: 20, sort: { field: 'x', order: 'asc' as const } };
    expect(listQuery(listPaging(staffEndpoints.listRoles), state)).toEqual({
      roleName: 'ops',
      pageNum: 2,
      pageSize: 20,
    });
    expect(listQuery(listPaging(playerEndpoints.listPlayers), state, { status: 'frozen' })).toEqual({
      roleName: 'ops',
      status: 'frozen',
      page: 2,
      pageSize: 20,
      sort: 'x',
      order: 'asc',
    });
    expect(listQuery(listPaging(playerEndpoints.searchPlayers), state)).toEqual({ roleName: 'ops' });
  });
});
