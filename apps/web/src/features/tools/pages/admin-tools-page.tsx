import type { Tool } from '@shop/contract/tools';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/ui/confirm-modal';
import { LabelledCell } from '../../../components/ui/labelled-cell';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { formatCount } from '../../../lib/format';
import { showError, showSuccess } from '../../../lib/toasts';
import { TOOLS_PAGE, useDeleteTool, useTools } from '../api/tools';
import { ToolEditor } from '../components/tool-editor';

/** Dashboard › Tools (admins): the tool models, adding, editing and taking one out of the catalog. */
export function AdminToolsPage() {
  const [offset, setOffset] = useState(0);
  const { data, isPending } = useTools({ limit: TOOLS_PAGE, offset });
  const [editing, setEditing] = useState<{ tool: Tool | undefined }>();
  const [deleting, setDeleting] = useState<Tool>();
  const remove = useDeleteTool();
  if (editing)
    return (
      <section className="flex flex-col gap-4">
        <h2 className="text-xl font-semibold">
          {editing.tool ? `Edit ${editing.tool.name}` : 'New tool model'}
        </h2>
        <ToolEditor
          key={editing.tool?._id ?? 'new'}
          tool={editing.tool}
          onDone={() => setEditing(undefined)}
        />
      </section>
    );
  return (
    <section className="flex flex-col gap-4">
      <button
        type="button"
        className="btn btn-primary self-start"
        onClick={() => setEditing({ tool: undefined })}
      >
        Add a tool model
      </button>
      {isPending && <ProgressBar label="Loading the tool models" />}
      {data && (
        <table className="table table-cards">
          <caption className="text-left">
            {formatCount(data.total)} tool {data.total === 1 ? 'model' : 'models'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Model</th>
              <th scope="col">Drawings</th>
              <th scope="col">Parts</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.tools.map((tool) => (
              <tr key={tool._id}>
                <LabelledCell label="Name">
                  <Link to={`/tools/${encodeURIComponent(tool._id)}`} className="link link-hover">
                    {tool.name}
                  </Link>
                </LabelledCell>
                <LabelledCell label="Model">{tool.model}</LabelledCell>
                <LabelledCell label="Drawings">{formatCount(tool.diagrams.length)}</LabelledCell>
                <LabelledCell label="Parts">{formatCount(tool.parts.length)}</LabelledCell>
                <LabelledCell label={undefined}>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      aria-label={`Edit ${tool.name}`}
                      onClick={() => setEditing({ tool })}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm"
                      aria-label={`Delete ${tool.name}`}
                      onClick={() => setDeleting(tool)}
                    >
                      Delete
                    </button>
                  </div>
                </LabelledCell>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.total > TOOLS_PAGE && (
        <div className="join">
          <button
            type="button"
            className="btn join-item"
            disabled={offset === 0}
            onClick={() => setOffset(offset - TOOLS_PAGE)}
          >
            Previous
          </button>
          <button
            type="button"
            className="btn join-item"
            disabled={offset + TOOLS_PAGE >= data.total}
            onClick={() => setOffset(offset + TOOLS_PAGE)}
          >
            Next
          </button>
        </div>
      )}
      <ConfirmModal
        open={deleting !== undefined}
        what={`Delete the tool model ${deleting?.name ?? ''} (${deleting?.model ?? ''}). Fleets that hold it keep their entries.`}
        busy={remove.isPending}
        onClose={() => setDeleting(undefined)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => showSuccess('Tool model deleted'),
            onError: (error) => showError(error),
            onSettled: () => setDeleting(undefined),
          });
        }}
      />
    </section>
  );
}
