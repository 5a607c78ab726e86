#include "gui_resources.h"

#include <QtGlobal>

// Q_INIT_RESOURCE must be used outside any namespace.
static void initKelvinGuiResources() {
  Q_INIT_RESOURCE(icons);
  Q_INIT_RESOURCE(gui);
  Q_INIT_RESOURCE(translations);
}

namespace kelvin::gui {

void initResources() {
  static const bool done = (initKelvinGuiResources(), true);
  (void)done;
}

}  // namespace kelvin::gui
