// The relay's routes still import the setup check from here; remove once they import modules/setup.
export { assertSetupAllows } from '../setup/setup.guard';
