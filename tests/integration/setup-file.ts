import { copyTemplateForThisFile } from "../support/database";

// Before the test file is imported, so whatever it reads from TEST_DATABASE_URL names the file's own database.
await copyTemplateForThisFile();
