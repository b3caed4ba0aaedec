/** Told when someone gives a task to another user (the Telegram notice); its failure never fails the request. */
export type TaskAssignedHook = (taskId: number, assignedBy: string) => Promise<void>;
