// V8 compiles the import's hot loop against the hidden classes of the objects it runs on (RowCells, SharedText …) and
// throws that code away when the last object of one of those classes is collected. An import's objects all die
// together, so after a full GC every later import ran unoptimized until V8 compiled it all again (decision 2012).
// Each such class keeps one idle instance here, for the life of the module, so that later imports reuse the code.

const idleInstances: object[] = [];

/** Keeps `instance` (made exactly as the import makes its objects of that class) alive, and with it its hidden class. */
export function keepHiddenClass(instance: object): void {
  idleInstances.push(instance);
}
