#include "canvas/domain_style.h"

namespace kelvin::gui {

QColor DomainStyle::color(core::Domain domain) {
  switch (domain) {
    case core::Domain::Signal: return QColor(0x26, 0x32, 0x38);
    case core::Domain::Electrical: return QColor(0x15, 0x65, 0xc0);
    case core::Domain::Rotational: return QColor(0x8d, 0x5a, 0x2b);
    case core::Domain::Translational: return QColor(0x2e, 0x7d, 0x32);
    case core::Domain::Hydraulic: return QColor(0x00, 0x83, 0x8f);
    case core::Domain::Thermal: return QColor(0xc6, 0x28, 0x28);
    case core::Domain::Pneumatic: return QColor(0x7b, 0x1f, 0xa2);
  }
  return Qt::black;
}

}  // namespace kelvin::gui
