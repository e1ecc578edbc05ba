/// <reference lib="webworker" />
import { serveRequests } from '@/lib/worker/serve';
import { importHistory, type HistoryImport } from './history-import';

// An imported history file is read, parsed, validated, laid out and cut here, off the page: a
// file of million-character names or of 350,000 fields per line costs this worker time, and the
// page receives only what it draws.
serveRequests<File, HistoryImport>(async (file) => importHistory(await file.text()));
