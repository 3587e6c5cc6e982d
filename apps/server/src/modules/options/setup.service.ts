// The relay's routes still import the setup check from here; remove once they import modules/setup.
export { SetupService } from '../setup/setup.service';
