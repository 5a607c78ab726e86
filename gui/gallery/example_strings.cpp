// The examples gallery's titles and capability names (resources/examples/gallery.json) for
// lupdate, in the context ExampleGallery translates them with. tst_examples checks that every
// title and capability of gallery.json is listed here.

#include <QtGlobal>

namespace {

[[maybe_unused]] const char* const kExampleStrings[] = {
    QT_TRANSLATE_NOOP("Examples", "RC low-pass"),
    QT_TRANSLATE_NOOP("Examples", "RC from user components"),
    QT_TRANSLATE_NOOP("Examples", "User components"),
    QT_TRANSLATE_NOOP("Examples", "User capacitors and a switch"),
    QT_TRANSLATE_NOOP("Examples", "Cubic resistor"),
    QT_TRANSLATE_NOOP("Examples", "Coulomb friction"),
    QT_TRANSLATE_NOOP("Examples", "Thermal resistor with noise"),
    QT_TRANSLATE_NOOP("Examples", "Electrical"),
    QT_TRANSLATE_NOOP("Examples", "Closed form"),
    QT_TRANSLATE_NOOP("Examples", "RLC resonator"),
    QT_TRANSLATE_NOOP("Examples", "Oscillation"),
    QT_TRANSLATE_NOOP("Examples", "Diode clipper"),
    QT_TRANSLATE_NOOP("Examples", "Nonlinear"),
    QT_TRANSLATE_NOOP("Examples", "Half-wave rectifier"),
    QT_TRANSLATE_NOOP("Examples", "Stiff"),
    QT_TRANSLATE_NOOP("Examples", "DC motor"),
    QT_TRANSLATE_NOOP("Examples", "Rotational"),
    QT_TRANSLATE_NOOP("Examples", "Multi-domain"),
    QT_TRANSLATE_NOOP("Examples", "Mass, spring and damper"),
    QT_TRANSLATE_NOOP("Examples", "Translational"),
    QT_TRANSLATE_NOOP("Examples", "Newton cooling"),
    QT_TRANSLATE_NOOP("Examples", "Thermal"),
    QT_TRANSLATE_NOOP("Examples", "Hydraulic accumulator"),
    QT_TRANSLATE_NOOP("Examples", "Hydraulic"),
    QT_TRANSLATE_NOOP("Examples", "PI control loop"),
    QT_TRANSLATE_NOOP("Examples", "Signal"),
    QT_TRANSLATE_NOOP("Examples", "Control"),
    QT_TRANSLATE_NOOP("Examples", "Loop with a transport delay"),
    QT_TRANSLATE_NOOP("Examples", "Delay (1/e)"),
    QT_TRANSLATE_NOOP("Examples", "Sampled speed control"),
    QT_TRANSLATE_NOOP("Examples", "Discrete (1/z, S&H)"),
    QT_TRANSLATE_NOOP("Examples", "Two capacitors and a switch"),
    QT_TRANSLATE_NOOP("Examples", "Events"),
    QT_TRANSLATE_NOOP("Examples", "State projection"),
    QT_TRANSLATE_NOOP("Examples", "Two shafts and a clutch"),
    QT_TRANSLATE_NOOP("Examples", "Planetary gear with a clutch"),
    QT_TRANSLATE_NOOP("Examples", "Mass on a hard stop"),
    QT_TRANSLATE_NOOP("Examples", "Bouncing mass"),
    QT_TRANSLATE_NOOP("Examples", "Contact"),
    QT_TRANSLATE_NOOP("Examples", "Voltage-controlled resonator"),
    QT_TRANSLATE_NOOP("Examples", "Noise envelope"),
    QT_TRANSLATE_NOOP("Examples", "Brownian resonator"),
    QT_TRANSLATE_NOOP("Examples", "Equipartition"),
    QT_TRANSLATE_NOOP("Examples", "Diode detector noise"),
    QT_TRANSLATE_NOOP("Examples", "Monte Carlo"),
    QT_TRANSLATE_NOOP("Examples", "RC noise spectrum"),
    QT_TRANSLATE_NOOP("Examples", "Noise spectrum"),
    QT_TRANSLATE_NOOP("Examples", "K2: ABCD and Bode"),
    QT_TRANSLATE_NOOP("Examples", "ABCD"),
    QT_TRANSLATE_NOOP("Examples", "Bode"),
};

}  // namespace
