// The browser's own storage (IndexedDB, database `parley`): the install key, the settings
// (the name), and the moves waiting to be sent while offline.

const stores = ["keys", "settings", "pending"];
let opened;

function database() {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open("parley", 1);
    request.onupgradeneeded = () => {
      for (const name of stores) if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return opened;
}

async function run(store, mode, work) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(store, mode);
    const request = work(transaction.objectStore(store));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export function read(store, key) {
  return run(store, "readonly", (objects) => objects.get(key));
}

export function write(store, key, value) {
  return run(store, "readwrite", (objects) => objects.put(value, key));
}

export function remove(store, key) {
  return run(store, "readwrite", (objects) => objects.delete(key));
}

export async function everything(store) {
  const db = await database();
  return new Promise((resolve, reject) => {
    const found = [];
    const request = db.transaction(store, "readonly").objectStore(store).openCursor();
    request.onsuccess = () => {
      const cursor = request.result;
      if (!cursor) return resolve(found);
      found.push([cursor.key, cursor.value]);
      cursor.continue();
    };
    request.onerror = () => reject(request.error);
  });
}
