import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteImageResponse, encodedImagesResponse, propertyIdParam, propertyImagesResponse, saveImageRetsRequest, PROPERTY_IMAGE_MAX_BYTES,
  PROPERTY_IMAGE_MAX_FILES_PER_UPLOAD,
} from '@cma/contracts';
import { ok } from '../../http/envelope';
import { currentUserId, requireSubscriber } from '../../http/auth';
import { ValidationError } from '../../http/errors';
import type { ImagesService } from './images.service';
import { readUploadForm } from '../../http/uploads';

export const imagesRoutes: FastifyPluginAsyncZod<{ images: ImagesService }> = async (app, { images: service }) => {
  const tags = ['images'];
  const idParams = propertyIdParam;

  app.post(
    '/api/store-property-images',
    {
      onRequest: requireSubscriber,
      schema: {
        tags,
        summary: 'Upload photos of a property (multipart: property_id, images[]); PNG/JPEG/WebP, stored as ≤1600 px JPEG without EXIF',
        consumes: ['multipart/form-data'],
        response: { 200: propertyImagesResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new ValidationError({ images: ['Send the images as multipart/form-data.'] });
      const { fields, files } = await readUploadForm(request, {
        errorField: 'images',
        limitMessage: (code) =>
          code === 'FST_REQ_FILE_TOO_LARGE' ? `A file is larger than ${PROPERTY_IMAGE_MAX_BYTES / 1024 / 1024} MB.`
          : code === 'FST_FILES_LIMIT' ? `Upload at most ${PROPERTY_IMAGE_MAX_FILES_PER_UPLOAD} images at a time.`
          : undefined,
      });
      const parsed = propertyIdParam.safeParse({ id: fields.property_id ?? fields.id ?? fields.uuid ?? '' });
      if (!parsed.success) throw new ValidationError({ property_id: ['property_id is required (the property uuid or listing id).'] });
      return ok(await service.store(currentUserId(request), parsed.data.id, files), 'Images uploaded successfully');
    },
  );

  app.post(
    '/api/get-images/:id',
    { onRequest: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: "The user's photos of a property", params: idParams, response: { 200: propertyImagesResponse } } },
    async (request) => ok(await service.list(currentUserId(request), request.params.id)),
  );

  app.post(
    '/api/get-images/delete/:id',
    {
      onRequest: requireSubscriber,
      schema: { tags, security: [{ bearer: [] }], summary: 'Delete one of your photos by image id', params: z.object({ id: z.string().min(1).max(80) }), response: { 200: deleteImageResponse } },
    },
    async (request) => {
      await service.remove(currentUserId(request), request.params.id);
      return ok({ id: request.params.id }, 'Image deleted successfully');
    },
  );

  app.post(
    '/api/encoded/img/list/:id',
    { onRequest: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: "A property's photos as base64 data URLs (for the PDF)", params: idParams, response: { 200: encodedImagesResponse } } },
    async (request) => ok(await service.encoded(currentUserId(request), request.params.id)),
  );

  app.get(
    '/api/property-image-file/:id',
    { onRequest: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: 'One of your photos (JPEG)', params: z.object({ id: z.string().min(1).max(80) }) } },
    async (request, reply) => reply.type('image/jpeg').header('cache-control', 'private, max-age=3600').send(await service.file(currentUserId(request), request.params.id)),
  );

  app.post(
    '/api/save-image-rets',
    { onRequest: requireSubscriber, schema: { tags, security: [{ bearer: [] }], summary: "Copy a listing's photos into your photos of a property, once per property (later calls return its photos)", body: saveImageRetsRequest, response: { 200: propertyImagesResponse } } },
    async (request) => ok(await service.saveFromListing(currentUserId(request), request.body), 'Listing photos saved'),
  );
};
