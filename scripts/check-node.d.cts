/** The major version `engines.node` asks for ('>=24' -> 24). */
export function wantedMajor(enginesNode: string): number;
/** Undefined when Node `version` ('v20.20.2') is new enough, else the message. */
export function nodeProblem(version: string, wanted: number, lifecycleEvent?: string): string | undefined;
