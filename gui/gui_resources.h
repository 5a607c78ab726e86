#pragma once
// Registers the resources compiled into the kelvin_gui static library (the
// block icons and the GUI's action icons). Safe to call more than once;
// the main window and the icon cache call it.

namespace kelvin::gui {

void initResources();

}  // namespace kelvin::gui
