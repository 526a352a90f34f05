import { databaseOf } from '../../infra/mongo';

test('the database is the one the connection string names, with several hosts too', () => {
  expect(databaseOf('mongodb://127.0.0.1:27017/aivis')).toBe('aivis');
  expect(databaseOf('mongodb://db1:27017,db2:27017,db3:27017/reports?replicaSet=rs0')).toBe('reports');
  expect(databaseOf('mongodb+srv://user:pass@cluster.example.net/prod?retryWrites=true')).toBe('prod');
  expect(databaseOf('mongodb://127.0.0.1:27017')).toBe('aivis');
  expect(databaseOf('mongodb://127.0.0.1:27017/?tls=true')).toBe('aivis');
});
