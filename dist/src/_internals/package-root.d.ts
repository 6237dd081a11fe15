/** Absolute path of the package root, with a trailing separator. */
export declare const PACKAGE_ROOT: string;
/** Absolute path of `relative` (forward slashes) inside the package. */
export declare function packagePath(relative: string): string;
