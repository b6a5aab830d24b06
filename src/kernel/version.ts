/** Kernel version, shown in the studio status bar and written into manifests and evidence. */
export const KERNEL_VERSION = '0.1.0';
