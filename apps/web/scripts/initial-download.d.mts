export declare const dist: string;
export declare function initialAssets(kind: 'js' | 'css'): string[];
export declare function gzipBytes(asset: string): number;
export declare function gzipTotal(assets: string[]): number;
