/**
 * A sandbox child that takes 1.5 s to load before it listens, as a child may on a busy machine:
 * its start must not count against the time limit of the file handed to it.
 */
await new Promise((resolve) => setTimeout(resolve, 1_500));
await import('./misbehaving-child.js');
