import { expect, it } from 'vitest';
import { adminUsersBinding, TABLE_READ } from './adminUsers.binding';
import { adminUsersModel } from './adminUsers.model';
import { machinePaths } from './harness/machinePaths';
import { checkAfterRecoveredRead, emptyAfterFailure } from './recoveredRead';

machinePaths(adminUsersModel, adminUsersBinding());

it('compares the table with the server once a read after a failed one has answered: one then shown empty is caught', async () => {
  await checkAfterRecoveredRead(adminUsersBinding(), adminUsersModel, TABLE_READ);
  await expect(checkAfterRecoveredRead(adminUsersBinding(), adminUsersModel, TABLE_READ, emptyAfterFailure)).rejects.toThrow(
    'the table is what the server holds',
  );
});
