/** A byte count for people: "32 MiB", "10 KiB". */
export function formatBytes(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes >= mib ? `${Math.round(bytes / mib)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
}
