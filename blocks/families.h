#pragma once
// One registration function per component family file (blocks/<family>.cpp);
// registerAll (library.cpp) calls them all. Internal to blocks/.

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::blocks {

void registerElectricalBasic(core::BlockRegistry& registry);
void registerElectricalSources(core::BlockRegistry& registry);
void registerElectricalSemiconductors(core::BlockRegistry& registry);
void registerElectricalAmplifiers(core::BlockRegistry& registry);
void registerElectricalSensors(core::BlockRegistry& registry);
void registerElectricalSwitches(core::BlockRegistry& registry);
void registerElectricalControlled(core::BlockRegistry& registry);
void registerElectricalTransistors(core::BlockRegistry& registry);
void registerSignalSources(core::BlockRegistry& registry);
void registerSignalMath(core::BlockRegistry& registry);
void registerSignalDynamic(core::BlockRegistry& registry);
void registerSignalDiscrete(core::BlockRegistry& registry);
void registerSignalSinks(core::BlockRegistry& registry);
void registerAnalysisMarkers(core::BlockRegistry& registry);
void registerRotational(core::BlockRegistry& registry);
void registerTranslational(core::BlockRegistry& registry);
void registerHydraulic(core::BlockRegistry& registry);
void registerThermal(core::BlockRegistry& registry);
void registerPneumatic(core::BlockRegistry& registry);
void registerPneumaticOrifice(core::BlockRegistry& registry);
void registerPneumaticSensors(core::BlockRegistry& registry);
void registerPneumaticCylinder(core::BlockRegistry& registry);
void registerConverters(core::BlockRegistry& registry);
void registerSwitchingMechanics(core::BlockRegistry& registry);
void registerPlanetaryGear(core::BlockRegistry& registry);
void registerNoiseBlocks(core::BlockRegistry& registry);

}  // namespace kelvin::blocks
