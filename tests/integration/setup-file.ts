import { afterAll } from "vitest";
import { closeSharedVite } from "../support/shared-vite";
import { copyTemplateForThisFile } from "../support/database";

// Before the test file is imported, so whatever it reads from TEST_DATABASE_URL names the file's own database.
await copyTemplateForThisFile();

// The file's apps share one Vite (tests/support/shared-vite.ts); registered first, so it runs after the file's own afterAll.
afterAll(closeSharedVite);
