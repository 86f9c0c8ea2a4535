import { fileCalls } from '@erp/contract';
import { implement } from '../../platform/http/context';
import type { ServerModule } from '../../platform/module';
import { FileRepository } from './file.repository';
import { FileService } from './file.service';
import { storageFromConfig } from './file-storage';

/** Every file part of a multipart request counts (`file`, `files`, `files[]`...). */
export const fileModule: ServerModule = {
  name: 'file',
  routes(platform) {
    const service = new FileService(new FileRepository(platform.db), storageFromConfig(platform.config));
    platform.services.set('files', service);
    const one = async (
      input: { fileId?: string; moduleName?: string; functionName?: string },
      files: Parameters<FileService['upload']>[1],
      user: Parameters<FileService['upload']>[0],
    ) => {
      const [entry] = await service.upload(user, files, { ...input, maxFiles: 1 });
      return entry as NonNullable<typeof entry>;
    };
    return implement(fileCalls, {
      upload: (input, ctx) => one(input, ctx.files, ctx.user),
      uploadByAlSj: (input, ctx) => one(input, ctx.files, ctx.user),
      baseUpload: (input, ctx) => one(input, ctx.files, ctx.user),
      uploads: (input, ctx) => service.upload(ctx.user, ctx.files, input),
      baseUploadBatch: (input, ctx) => service.upload(ctx.user, ctx.files, input),
      previewFile: async ({ id }, ctx) => {
        const row = await service.readable(ctx.user, id);
        await service.revealed(ctx.user, row);
        return service.link(row);
      },
      basePreview: async ({ id, fileFullName }, ctx) => {
        const row = id ? await service.readable(ctx.user, id) : await service.readableByKey(ctx.user, fileFullName ?? '');
        await service.revealed(ctx.user, row);
        return service.link(row);
      },
      fileInfoByFileId: ({ fileId }, ctx) => service.group(ctx.user, fileId),
      deleteProFile: async ({ id }, ctx) => {
        const row = await service.remove(ctx.user, id);
        ctx.audit({ recordId: id, before: { fileName: row.fileName, groupId: row.groupId }, after: { deleted: true } });
        return null;
      },
      downLoadById: async ({ id }, ctx) => {
        const row = await service.readable(ctx.user, id);
        await service.revealed(ctx.user, row);
        return service.send(ctx.reply, row, false);
      },
      fileInfoDownload: async ({ id, ...sig }, ctx) => {
        const { row, inline } = await service.forDownload({ id }, sig, ctx.maybeUser);
        return service.send(ctx.reply, row, inline);
      },
      baseDownload: async ({ fileFullName, ...sig }, ctx) => {
        const { row, inline } = await service.forDownload({ key: fileFullName }, sig, ctx.maybeUser);
        return service.send(ctx.reply, row, inline);
      },
    });
  },
};
