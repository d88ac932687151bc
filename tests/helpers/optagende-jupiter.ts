import {
  createJupiterSimulator,
  type JupiterAnlaegData,
  type JupiterRegister,
} from '../../src/server/integrations/jupiter';

/** The simulator, recording what it was sent (the real simulator answers; nothing is faked). */
export function optagendeJupiter(): JupiterRegister & { sendt: JupiterAnlaegData[] } {
  const simulator = createJupiterSimulator();
  const sendt: JupiterAnlaegData[] = [];
  return {
    sendt,
    indberet(anlaeg) {
      sendt.push(structuredClone(anlaeg));
      return simulator.indberet(anlaeg);
    },
  };
}
