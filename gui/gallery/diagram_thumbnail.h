#pragma once
// A picture of a model's top-level diagram, drawn by the editor's own canvas
// (DiagramScene) into a pixmap of the given size, for the examples gallery.

#include <QPixmap>
#include <QSize>
#include <QString>

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

/// The diagram of the model at `path`, fitted into `size` on a white
/// background; a null pixmap when the file cannot be loaded.
QPixmap renderDiagramThumbnail(const QString& path, const core::BlockRegistry& registry, const QSize& size);

}  // namespace kelvin::gui
