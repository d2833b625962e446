/** A route path relative to its parent layout (the paths module writes them absolute). */
export const relative = (path: string) => path.replace(/^\//, '');
