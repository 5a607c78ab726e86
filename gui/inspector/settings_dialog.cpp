#include "inspector/settings_dialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QUndoStack>
#include <QVBoxLayout>

#include "canvas/commands/set_settings_command.h"
#include "document/model_document.h"
#include "model/model_file.h"
#include "model/parameter_evaluator.h"

namespace kelvin::gui {

namespace {

bool parsePositive(const QString& text, const char* unit, double* value) {
  try {
    *value = core::evaluateNumber(text.toStdString(), unit, core::ParameterScope());
    return *value > 0;
  } catch (const std::exception&) {
    return false;
  }
}

}  // namespace

SettingsDialog::SettingsDialog(ModelDocument* document, QWidget* parent)
    : QDialog(parent), document_(document), stopTime_(new QLineEdit(this)), solver_(new QComboBox(this)),
      rtol_(new QLineEdit(this)), atol_(new QLineEdit(this)), step_(new QLineEdit(this)),
      temperature_(new QLineEdit(this)), projection_(new QCheckBox(tr("Project states at constraint changes"), this)),
      message_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
  setWindowTitle(tr("Simulation Settings"));
  const core::Settings& s = document_->model().settings;
  stopTime_->setText(QString::fromStdString(s.stopTime));
  solver_->addItem(tr("IDA (variable step)"), QStringLiteral("ida"));
  solver_->addItem(tr("Implicit Euler"), QStringLiteral("euler"));
  solver_->addItem(tr("Trapezoidal"), QStringLiteral("trapezoid"));
  solver_->addItem(tr("BDF2"), QStringLiteral("bdf2"));
  solver_->setCurrentIndex(std::max(0, solver_->findData(QString::fromStdString(s.solver))));
  rtol_->setText(QString::number(s.rtol, 'g', 6));
  atol_->setText(QString::number(s.atol, 'g', 6));
  step_->setText(QString::fromStdString(s.step));
  step_->setPlaceholderText(tr("every accepted step"));
  temperature_->setText(QString::number(s.temperature, 'g', 8));
  projection_->setChecked(s.projection);
  message_->setStyleSheet(QStringLiteral("color: #c62828;"));
  message_->setWordWrap(true);

  auto* form = new QFormLayout;
  form->addRow(tr("Stop time (s)"), stopTime_);
  form->addRow(tr("Solver"), solver_);
  form->addRow(tr("Relative tolerance"), rtol_);
  form->addRow(tr("Absolute tolerance"), atol_);
  form->addRow(tr("Step / output interval (s)"), step_);
  form->addRow(tr("Temperature (K)"), temperature_);
  form->addRow(QString(), projection_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(message_);
  layout->addWidget(buttons_);
  for (QLineEdit* edit : {stopTime_, rtol_, atol_, step_, temperature_})
    connect(edit, &QLineEdit::textChanged, this, &SettingsDialog::validate);
  connect(buttons_, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  validate();
}

bool SettingsDialog::isValid() const {
  double v = 0;
  if (!parsePositive(stopTime_->text(), "s", &v)) return false;
  if (!parsePositive(rtol_->text(), "", &v) || !parsePositive(atol_->text(), "", &v)) return false;
  if (!step_->text().trimmed().isEmpty() && !parsePositive(step_->text(), "s", &v)) return false;
  return parsePositive(temperature_->text(), "", &v);
}

void SettingsDialog::validate() {
  const bool valid = isValid();
  message_->setText(valid ? QString() : tr("Times, tolerances and the temperature must be positive numbers."));
  buttons_->button(QDialogButtonBox::Ok)->setEnabled(valid);
}

core::Settings SettingsDialog::settings() const {
  core::Settings s = document_->model().settings;
  double v = 0;
  s.stopTime = stopTime_->text().trimmed().toStdString();
  s.solver = solver_->currentData().toString().toStdString();
  if (parsePositive(rtol_->text(), "", &v) && v != s.rtol) s.rtol = v;
  if (parsePositive(atol_->text(), "", &v) && v != s.atol) s.atol = v;
  s.step = step_->text().trimmed().toStdString();
  if (parsePositive(temperature_->text(), "", &v)) s.temperature = v;
  s.projection = projection_->isChecked();
  return s;
}

void SettingsDialog::accept() {
  if (!isValid()) return;
  const core::Settings s = settings();
  const core::Settings& old = document_->model().settings;
  const bool changed = s.stopTime != old.stopTime || s.solver != old.solver || s.rtol != old.rtol ||
                       s.atol != old.atol || s.step != old.step || s.temperature != old.temperature ||
                       s.projection != old.projection;
  if (changed) document_->undoStack()->push(new SetSettingsCommand(document_, s));
  QDialog::accept();
}

}  // namespace kelvin::gui
