#include "library.h"

#include "families.h"

namespace kelvin::blocks {

void registerAll(core::BlockRegistry& registry) {
  registerElectricalBasic(registry);
  registerElectricalSources(registry);
  registerElectricalSemiconductors(registry);
  registerElectricalAmplifiers(registry);
  registerElectricalSensors(registry);
  registerElectricalSwitches(registry);
  registerElectricalControlled(registry);
  registerElectricalTransistors(registry);
  registerSignalSources(registry);
  registerSignalMath(registry);
  registerSignalDynamic(registry);
  registerSignalDiscrete(registry);
  registerSignalSinks(registry);
  registerAnalysisMarkers(registry);
  registerRotational(registry);
  registerTranslational(registry);
  registerHydraulic(registry);
  registerThermal(registry);
  registerPneumatic(registry);
  registerPneumaticOrifice(registry);
  registerPneumaticSensors(registry);
  registerPneumaticCylinder(registry);
  registerConverters(registry);
  registerSwitchingMechanics(registry);
  registerPlanetaryGear(registry);
  registerNoiseBlocks(registry);
}

}  // namespace kelvin::blocks
